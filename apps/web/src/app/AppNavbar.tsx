import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useAppState } from '../features/auth/app-state';
import { SupportMenu } from './SupportMenu';

/**
 * The two bars of the spec: logged in ('SMM', Dashboard, Support, Profile, Logout) and logged out
 * ('Home', Support, Login, Register). Plain Bootstrap markup, so every first page shows it without
 * loading React-Bootstrap; on narrow screens the toggle opens it and any choice closes it again.
 */
export function AppNavbar() {
  const { auth, logout } = useAppState();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const collapse = () => setExpanded(false);
  const navLink = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;
  return (
    <nav data-bs-theme="dark" aria-label="Main" className="navbar navbar-expand-lg bg-dark">
      <div className="container">
        <Link className="navbar-brand" to={auth.isAuthenticated ? '/dashboard' : '/'} onClick={collapse}>
          {auth.isAuthenticated ? 'SMM' : 'Home'}
        </Link>
        <button
          type="button"
          className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
          aria-controls="main-nav"
          aria-expanded={expanded}
          aria-label="Toggle navigation"
          onClick={() => setExpanded((value) => !value)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div className={`navbar-collapse collapse${expanded ? ' show' : ''}`} id="main-nav">
          <div className="me-auto navbar-nav">
            {auth.isAuthenticated && (
              <NavLink className={navLink} to="/dashboard" onClick={collapse}>
                Dashboard
              </NavLink>
            )}
            <SupportMenu onSelect={collapse} />
          </div>
          <div className="navbar-nav">
            {auth.isAuthenticated ? (
              <>
                <NavLink className={navLink} to="/profile" onClick={collapse}>
                  Profile
                </NavLink>
                <button
                  type="button"
                  className="nav-link btn btn-link text-start"
                  onClick={() => {
                    collapse();
                    logout();
                    navigate('/login');
                  }}
                >
                  Logout
                </button>
              </>
            ) : (
              <>
                <NavLink className={navLink} to="/login" onClick={collapse}>
                  Login
                </NavLink>
                <NavLink className={navLink} to="/register" onClick={collapse}>
                  Register
                </NavLink>
              </>
            )}
          </div>
        </div>
      </div>
    </nav>
  );
}
