import { useNavigate, useParams } from 'react-router';
import { SessionDetailView } from '../../features/sessions/components/session-detail-view';
import { NotFoundRoute } from './not-found';

const listPath = '/sessionList';

/** session/detail/{orderNo}: the session id in the path; a path that names no number is not a page. */
export function SessionDetailRoute() {
  const { orderNo } = useParams();
  const navigate = useNavigate();
  const id = Number(orderNo);
  if (!Number.isSafeInteger(id) || id < 1) return <NotFoundRoute />;
  return (
    <SessionDetailView
      key={id}
      orderNo={id}
      listPath={listPath}
      onDeleted={() => void navigate(listPath, { replace: true })}
    />
  );
}
