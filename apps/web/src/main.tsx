import './styles/bootstrap.scss';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The build prerenders the landing and login pages; a visitor who asked for one of them already sees it.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
