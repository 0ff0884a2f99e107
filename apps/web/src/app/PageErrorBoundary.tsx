import { Component, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

/** Catches a page that failed to load or render, and offers a reload instead of a blank screen. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert variant="danger" className="mt-4">
        <Alert.Heading as="h2" className="h5">
          This page could not be shown
        </Alert.Heading>
        <p>{this.state.error.message}</p>
        <Button variant="outline-danger" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Alert>
    );
  }
}
