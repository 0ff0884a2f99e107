import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// Unsaved drafts are kept in sessionStorage (as across a reload); each test starts without another's.
afterEach(() => sessionStorage.clear());
