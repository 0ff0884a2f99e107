import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link, NavLink, useNavigate } from 'react-router';
import { useAppState } from '../features/auth/app-state';

function SupportDropdown() {
  return (
    <NavDropdown title="Support" id="support-dropdown">
      <NavDropdown.Item as={Link} to="/contact">Contact Us</NavDropdown.Item>
      <NavDropdown.Item as={Link} to="/releaseNotes">Release Notes</NavDropdown.Item>
      <NavDropdown.Item as={Link} to="/faq">FAQ</NavDropdown.Item>
      <NavDropdown.Item as={Link} to="/support">Support</NavDropdown.Item>
      <NavDropdown.Item as={Link} to="/upcoming">Upcoming</NavDropdown.Item>
    </NavDropdown>
  );
}

/** The two bars of the spec: logged in ('SMM', Dashboard, Support, Profile, Logout) and logged out ('Home', Support, Login, Register). */
export function AppNavbar() {
  const { auth, logout } = useAppState();
  const navigate = useNavigate();
  return (
    <Navbar expand="lg" bg="dark" data-bs-theme="dark" collapseOnSelect aria-label="Main">
      <Container>
        <Navbar.Brand as={Link} to={auth.isAuthenticated ? '/dashboard' : '/'}>
          {auth.isAuthenticated ? 'SMM' : 'Home'}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-nav" aria-label="Toggle navigation" />
        <Navbar.Collapse id="main-nav">
          <Nav className="me-auto">
            {auth.isAuthenticated && <Nav.Link as={NavLink} to="/dashboard" eventKey="dashboard">Dashboard</Nav.Link>}
            <SupportDropdown />
          </Nav>
          <Nav>
            {auth.isAuthenticated ? (
              <>
                <Nav.Link as={NavLink} to="/profile" eventKey="profile">Profile</Nav.Link>
                <Nav.Link
                  as="button"
                  type="button"
                  eventKey="logout"
                  className="btn btn-link text-start"
                  onClick={() => {
                    logout();
                    navigate('/login');
                  }}
                >
                  Logout
                </Nav.Link>
              </>
            ) : (
              <>
                <Nav.Link as={NavLink} to="/login" eventKey="login">Login</Nav.Link>
                <Nav.Link as={NavLink} to="/register" eventKey="register">Register</Nav.Link>
              </>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
