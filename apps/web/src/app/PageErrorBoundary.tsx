import { Component, type ReactNode } from 'react';

/** Catches a page that failed to load or render, and offers a reload instead of a blank screen (plain Bootstrap markup: it ships with the first page). */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="alert alert-danger mt-4" role="alert">
        <h2 className="alert-heading h5">This page could not be shown</h2>
        <p>{this.state.error.message}</p>
        <button type="button" className="btn btn-outline-danger" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
