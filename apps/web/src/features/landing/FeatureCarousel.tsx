import { useEffect, useRef } from 'react';
import Carousel, { type CarouselRef } from 'react-bootstrap/Carousel';
import { CAROUSEL_INTERVAL_MS } from '@smm/shared/constants';
import { SlideContent } from './SlideContent';
import { carouselClassName, slides } from './slides';

/**
 * The features carousel (Bootstrap's swipe threshold is the spec's 40 px). `advanceAtOnce`: it
 * arrives when its first advance is due, so it makes that advance on mounting.
 */
export default function FeatureCarousel({ advanceAtOnce = false }: { advanceAtOnce?: boolean }) {
  const carousel = useRef<CarouselRef>(null);
  useEffect(() => {
    if (advanceAtOnce) carousel.current?.next();
  }, [advanceAtOnce]);
  return (
    <Carousel ref={carousel} interval={CAROUSEL_INTERVAL_MS} pause="hover" wrap touch aria-label="Features" className={carouselClassName}>
      {slides.map((slide) => (
        <Carousel.Item key={slide.title}>
          <SlideContent slide={slide} />
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
