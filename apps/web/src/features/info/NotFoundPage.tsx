import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="text-center my-5">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to="/">Go to the home page</Link>
    </div>
  );
}
