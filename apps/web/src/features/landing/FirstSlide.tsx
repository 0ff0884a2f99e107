import { SlideContent } from './SlideContent';
import { carouselClassName, slides } from './slides';

/**
 * The carousel as it first appears, in the same markup, drawn at once while the carousel's
 * behaviour loads, so the page's largest element never waits for that code.
 */
export function FirstSlide() {
  return (
    <div aria-label="Features" className={`${carouselClassName} carousel slide`}>
      <div className="carousel-indicators">
        {slides.map((slide, index) => (
          <button key={slide.title} type="button" aria-label={`Slide ${index + 1}`} className={index === 0 ? 'active' : undefined} aria-current={index === 0} disabled />
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
