import Table from 'react-bootstrap/Table';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PRODUCT_FEATURES } from './catalogue';
import '../../styles/page-styles';

/** Spec: a table of item and state, read from the product's feature catalogue. */
export default function UpcomingPage() {
  useDocumentTitle('Upcoming');
  return (
    <>
      <h1 className="page-title">Upcoming</h1>
      <Table striped bordered responsive>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {PRODUCT_FEATURES.map(({ id, title, state }) => (
            <tr key={id}>
              <td>{title}</td>
              <td>{state}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
