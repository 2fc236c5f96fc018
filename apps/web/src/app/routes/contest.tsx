import { useParams } from 'react-router';
import { ContestPage } from '../../features/decisions/components/contest-page';

/** /contest/:token — the link in a statement's mail (issue 36 §2). */
export function ContestRoute() {
  const { token = '' } = useParams();
  return (
    <div className="container page">
      <ContestPage token={token} />
    </div>
  );
}
