import { useCallback, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { FirstSlide } from './FirstSlide';
import { useDocumentTitle } from '../../lib/use-document-title';

type FeatureCarouselType = ComponentType<{ advanceAtOnce?: boolean }>;

/**
 * The first slide at once; React-Bootstrap's carousel only when it is wanted (pointer, touch, or
 * the first advance), so the page's first load carries none of its code.
 */
function Features() {
  const [carousel, setCarousel] = useState<{ Carousel: FeatureCarouselType; advance: boolean } | null>(null);
  const want = useCallback((advance: boolean) => {
    import('./FeatureCarousel')
      .then(({ default: Carousel }) => setCarousel((loaded) => loaded ?? { Carousel, advance }))
      // Without its code the first slide simply stays.
      .catch(() => undefined);
  }, []);
  if (!carousel) return <FirstSlide onWanted={want} />;
  return <carousel.Carousel advanceAtOnce={carousel.advance} />;
}

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
      <Features />
    </>
  );
}
