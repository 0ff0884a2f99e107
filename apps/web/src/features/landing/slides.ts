/** The four features the landing page's carousel shows (spec: Rankings, Active Games, Events, Game Notes). */
export const slides = [
  { title: 'Rankings', text: 'See who wins the most, in free-for-all and team games, by every victory type.', className: 'landing-slide-rankings' },
  { title: 'Active Games', text: 'Keep track of games you start.', className: 'landing-slide-games' },
  { title: 'Events', text: 'Manage the games you start.', className: 'landing-slide-events' },
  { title: 'Game Notes', text: 'Leave yourself notes and pick up where you left off.', className: 'landing-slide-notes' },
];

export type Slide = (typeof slides)[number];

export const carouselClassName = 'rounded overflow-hidden shadow-sm';
