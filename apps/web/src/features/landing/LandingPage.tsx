import { Suspense } from 'react';
import { Link } from 'react-router';
import { lazyPage } from '../../app/lazy';
import { FirstSlide } from './FirstSlide';
import { useDocumentTitle } from '../../lib/use-document-title';

const FeatureCarousel = lazyPage(() => import('./FeatureCarousel'));

/** The visitor's first page: what the product does, in four slides. */
export default function LandingPage() {
  useDocumentTitle('Organise your gaming group');
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
      <Suspense fallback={<FirstSlide />}>
        <FeatureCarousel />
      </Suspense>
    </>
  );
}
