// The styles of every page that reads the API but the dashboard (app/data-pages.ts loads this module
// beside each of those pages), of the Support and Upcoming pages' tables, and of the dashboard's
// Create New group dialog. One module, so that its stylesheet is one file in this order: Bootstrap's
// components first, then pages.css, whose rules override some of theirs at the same specificity.
import './bootstrap-page-parts.scss';
import './pages.css';
