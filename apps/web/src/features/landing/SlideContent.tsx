import type { Slide } from './slides';

export function SlideContent({ slide }: { slide: Slide }) {
  return (
    <div className={`landing-slide ${slide.className}`}>
      <div>
        <h2>{slide.title}</h2>
        <p className="fs-5 mb-0">{slide.text}</p>
      </div>
    </div>
  );
}
