import Carousel from 'react-bootstrap/Carousel';
import { CAROUSEL_INTERVAL_MS } from '@smm/shared/constants';
import { SlideContent } from './SlideContent';
import { carouselClassName, slides } from './slides';

/** The features carousel (Bootstrap's swipe threshold is the spec's 40 px). */
export default function FeatureCarousel() {
  return (
    <Carousel interval={CAROUSEL_INTERVAL_MS} pause="hover" wrap touch aria-label="Features" className={carouselClassName}>
      {slides.map((slide) => (
        <Carousel.Item key={slide.title}>
          <SlideContent slide={slide} />
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
