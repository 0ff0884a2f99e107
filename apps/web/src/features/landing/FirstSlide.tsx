import { useEffect } from 'react';
import { CAROUSEL_INTERVAL_MS } from '@smm/shared/constants';
import { SlideContent } from './SlideContent';
import { carouselClassName, slides } from './slides';

/**
 * The carousel as it first appears, in the same markup, drawn at once (and in the prerendered
 * page) while the carousel's behaviour waits. `onWanted` asks for that behaviour: when the pointer
 * or a finger reaches the carousel (false), or when its first advance is due (true).
 */
export function FirstSlide({ onWanted }: { onWanted?: (advance: boolean) => void }) {
  useEffect(() => {
    if (!onWanted) return;
    const timer = setTimeout(() => onWanted(true), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [onWanted]);
  const reached = onWanted && (() => onWanted(false));
  return (
    <div aria-label="Features" className={`${carouselClassName} carousel slide`} onMouseEnter={reached} onTouchStart={reached}>
      <div className="carousel-indicators">
        {slides.map((slide, index) => (
          <button
            key={slide.title}
            type="button"
            aria-label={`Slide ${index + 1}`}
            className={index === 0 ? 'active' : undefined}
            aria-current={index === 0}
            disabled
          />
        ))}
      </div>
      <div className="carousel-inner">
        {slides.map((slide, index) => (
          <div key={slide.title} className={`carousel-item${index === 0 ? ' active' : ''}`}>
            <SlideContent slide={slide} />
          </div>
        ))}
      </div>
      <span className="carousel-control-prev" aria-hidden="true">
        <span className="carousel-control-prev-icon" />
      </span>
      <span className="carousel-control-next" aria-hidden="true">
        <span className="carousel-control-next-icon" />
      </span>
    </div>
  );
}
