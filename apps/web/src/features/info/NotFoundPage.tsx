import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <div className="text-center my-5">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to="/">Go to the home page</Link>
    </div>
  );
}
