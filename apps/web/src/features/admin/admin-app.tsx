import { Route, Routes } from 'react-router';
import { AdminLayout } from './components/admin-layout';
import { adminSections } from './admin-sections';

/** The whole console, loaded lazily from the router (`/admin/*`): normal users never download it. Routes come from the section table. */
export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout sections={adminSections} />}>
        {adminSections.flatMap((section) => [
          section.slug === '' ? (
            <Route key="index" index element={section.element} />
          ) : (
            <Route key={section.slug} path={section.slug} element={section.element} />
          ),
          ...(section.details ?? []).map((detail) => <Route key={detail.path} path={detail.path} element={detail.element} />),
        ])}
        <Route path="*" element={<p>Not found</p>} />
      </Route>
    </Routes>
  );
}
