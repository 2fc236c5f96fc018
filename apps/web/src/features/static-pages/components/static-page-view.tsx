import { type StaticPage } from '@parley/contracts';
import { HtmlContent } from '../../../components/ui/html-content';

export function StaticPageView({ page }: { page: StaticPage }) {
  return (
    <article className="static-page">
      <h1 className="static-page__title">{page.title}</h1>
      <HtmlContent html={page.content} title={page.title} className="static-page__content" />
    </article>
  );
}
