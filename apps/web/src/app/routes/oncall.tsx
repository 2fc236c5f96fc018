import { OncallPage } from '../../features/oncall/components/oncall-page';

/** /oncall: interlocutors on call (issue 35 §1). */
export function OncallRoute() {
  return <OncallPage />;
}
