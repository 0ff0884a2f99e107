import Carousel from 'react-bootstrap/Carousel';
import { Link } from 'react-router';
import { CAROUSEL_INTERVAL_MS } from '@smm/shared/constants';

const features = [
  { title: 'Rankings', text: 'See who wins the most, in free-for-all and team games, by every victory type.', className: 'landing-slide-rankings' },
  { title: 'Active Games', text: 'Keep track of games you start.', className: 'landing-slide-games' },
  { title: 'Events', text: 'Manage the games you start.', className: 'landing-slide-events' },
  { title: 'Game Notes', text: 'Leave yourself notes and pick up where you left off.', className: 'landing-slide-notes' },
];

/** The visitor's first page: what the product does, in four slides (Bootstrap's swipe threshold is the spec's 40 px). */
export default function LandingPage() {
  return (
    <>
      <section className="text-center my-4">
        <h1 className="display-5">Organise your gaming group in one place</h1>
        <p className="lead">
          SMM replaces forum threads and spreadsheets for Civilization groups and RuneScape clans: members and roles, events, availability, drafts and rankings.
        </p>
        <div className="d-flex gap-2 justify-content-center">
          <Link to="/register" className="btn btn-primary btn-lg">
            Register
          </Link>
          <Link to="/login" className="btn btn-outline-primary btn-lg">
            Login
          </Link>
        </div>
      </section>
      <Carousel interval={CAROUSEL_INTERVAL_MS} pause="hover" wrap touch aria-label="Features" className="rounded overflow-hidden shadow-sm">
        {features.map((feature) => (
          <Carousel.Item key={feature.title}>
            <div className={`landing-slide ${feature.className}`}>
              <div>
                <h2>{feature.title}</h2>
                <p className="fs-5 mb-0">{feature.text}</p>
              </div>
            </div>
          </Carousel.Item>
        ))}
      </Carousel>
    </>
  );
}
