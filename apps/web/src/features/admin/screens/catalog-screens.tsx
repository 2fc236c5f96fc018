import {
  adminBundleSchema,
  adminCurrencySchema,
  adminFaqSchema,
  adminProductSchema,
  adminResponses,
  adminRoomSchema,
  adminSocialLinkSchema,
  adminStaticPageSchema,
  bubbleColors,
  envelopeSchema,
  bundleBodySchema,
  currencyBodySchema,
  faqBodySchema,
  productBodySchema,
  productKinds,
  roomBodySchema,
  socialLinkBodySchema,
  staticPageBodySchema,
  textStyles,
  type AdminRoom,
} from '@parley/contracts';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAdminList, useAdminWrite } from '../api/admin-query';
import { CrudScreen } from '../components/crud-screen';

const euros = (cents: unknown) => `${(Number(cents) / 100).toFixed(2)} €`;
const flag = (value: unknown) => <span className={`admin-badge${value ? '' : ' admin-badge--danger'}`}>{value ? 'Yes' : 'No'}</span>;

const roomResponseSchema = envelopeSchema(adminRoomSchema);

export function RoomsScreen() {
  const all = useAdminList('/rooms', adminRoomSchema, { per_page: 100, sort: 'position', order: 'asc' });
  const reorder = useAdminWrite('put', adminResponses.roomOrder);
  const write = useAdminWrite('put', roomResponseSchema);
  const ids = all.data?.items.map((r) => r.id) ?? [];
  const move = async (id: number, delta: number) => {
    const from = ids.indexOf(id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= ids.length) return;
    const next = [...ids];
    [next[from], next[to]] = [next[to]!, next[from]!];
    await reorder.mutateAsync({ path: '/rooms/order', body: { ids: next } }).catch((e: unknown) => toast.error(errorMessage(e)));
  };
  const toggleHidden = (row: AdminRoom) =>
    write.mutateAsync({ path: `/rooms/${row.id}`, body: { title: row.title, border_color: row.border_color, is_hidden: !row.is_hidden } }).then(
      () => toast.success(row.is_hidden ? 'Room shown' : 'Room hidden'),
      (e: unknown) => toast.error(errorMessage(e)),
    );
  return (
    <CrudScreen
      title="Rooms"
      noun="room"
      path="/rooms"
      record={adminRoomSchema}
      schema={roomBodySchema}
      defaultSort="position"
      defaults={{ title: '', border_color: 'purple', is_hidden: false }}
      fields={[
        { name: 'title', label: 'Title', type: 'text' },
        { name: 'border_color', label: 'Border colour', type: 'text', hint: 'A colour name (purple) or #rrggbb' },
        { name: 'is_hidden', label: 'Hidden', type: 'checkbox' },
      ]}
      columns={[
        { key: 'position', label: 'Order', sortable: true },
        { key: 'id', label: 'ID', sortable: true },
        { key: 'title', label: 'Title', sortable: true },
        {
          key: 'border_color',
          label: 'Border',
          render: (r) => (
            <>
              <span className="admin-swatch" style={{ background: r.border_color }} />
              {r.border_color}
            </>
          ),
        },
        {
          key: 'is_hidden',
          label: 'Hidden',
          render: (r) =>
            r.is_hidden ? <span className="admin-badge admin-badge--danger">Hidden</span> : <span className="admin-badge admin-badge--success">Visible</span>,
        },
      ]}
      rowActions={(row) => (
        <>
          <Button variant="ghost" size="sm" aria-label={`Move room ${row.id} up`} onClick={() => void move(row.id, -1)} disabled={ids.indexOf(row.id) <= 0}>
            ↑
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Move room ${row.id} down`}
            onClick={() => void move(row.id, 1)}
            disabled={ids.indexOf(row.id) === ids.length - 1}
          >
            ↓
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void toggleHidden(row)}>
            {row.is_hidden ? 'Show' : 'Hide'}
          </Button>
        </>
      )}
    />
  );
}

export function BundlesScreen() {
  return (
    <CrudScreen
      title="Bundles"
      noun="bundle"
      path="/bundles"
      record={adminBundleSchema}
      schema={bundleBodySchema}
      canDelete
      defaultSort="position"
      defaults={{ description: '', price_cents: 500, points: 500, position: 0, is_active: true }}
      fields={[
        { name: 'description', label: 'Description', type: 'text' },
        { name: 'price_cents', label: 'Price (euro cents)', type: 'number' },
        { name: 'points', label: 'Coins', type: 'number' },
        { name: 'position', label: 'Position', type: 'number' },
        { name: 'is_active', label: 'Active', type: 'checkbox' },
      ]}
      columns={[
        { key: 'position', label: 'Order', sortable: true },
        { key: 'description', label: 'Description' },
        { key: 'price_cents', label: 'Price', sortable: true, render: (r) => euros(r.price_cents) },
        { key: 'points', label: 'Coins', sortable: true },
        { key: 'is_active', label: 'Active', render: (r) => flag(r.is_active) },
      ]}
    />
  );
}

export function ProductsScreen() {
  return (
    <CrudScreen
      title="Products"
      noun="product"
      path="/products"
      record={adminProductSchema}
      schema={productBodySchema}
      defaultSort="position"
      defaults={{ name: '', description: '', kind: 'bubble_color', look: 'blue', price_cents: 199, position: 0, is_active: true }}
      fields={[
        { name: 'name', label: 'Name', type: 'text' },
        { name: 'description', label: 'Description', type: 'text' },
        { name: 'kind', label: 'Kind', type: 'select', options: productKinds },
        { name: 'look', label: 'Look', type: 'text', hint: `Colours: ${bubbleColors.join(', ')}. Styles: ${textStyles.join(', ')}.` },
        { name: 'price_cents', label: 'Price (euro cents)', type: 'number' },
        { name: 'position', label: 'Position', type: 'number' },
        { name: 'is_active', label: 'On sale', type: 'checkbox' },
      ]}
      columns={[
        { key: 'position', label: 'Order', sortable: true },
        { key: 'name', label: 'Name', sortable: true },
        { key: 'kind', label: 'Kind', sortable: true },
        { key: 'look', label: 'Look' },
        { key: 'price_cents', label: 'Price', sortable: true, render: (r) => euros(r.price_cents) },
        { key: 'is_active', label: 'On sale', render: (r) => flag(r.is_active) },
      ]}
    />
  );
}

export function SocialLinksScreen() {
  return (
    <CrudScreen
      title="Social links"
      noun="social link"
      path="/social-links"
      record={adminSocialLinkSchema}
      schema={socialLinkBodySchema}
      canDelete
      defaultSort="position"
      defaults={{ title: '', link: 'https://', img: '', position: 0 }}
      fields={[
        { name: 'title', label: 'Title', type: 'text' },
        { name: 'link', label: 'Link', type: 'text' },
        { name: 'img', label: 'Icon URL or path', type: 'text' },
        { name: 'position', label: 'Position', type: 'number' },
      ]}
      columns={[
        { key: 'position', label: 'Order', sortable: true },
        { key: 'title', label: 'Title', sortable: true },
        { key: 'link', label: 'Link' },
        { key: 'img', label: 'Icon' },
      ]}
    />
  );
}

export function CurrenciesScreen() {
  return (
    <CrudScreen
      title="Currencies"
      noun="currency"
      path="/currencies"
      record={adminCurrencySchema}
      schema={currencyBodySchema}
      canDelete
      defaultSort="code"
      defaults={{ code: '', symbol: '', value: 1, is_default: false }}
      fields={[
        { name: 'code', label: 'Code', type: 'text' },
        { name: 'symbol', label: 'Symbol', type: 'text' },
        { name: 'value', label: 'Rate to EUR', type: 'number', decimal: true },
        { name: 'is_default', label: 'Default currency', type: 'checkbox' },
      ]}
      columns={[
        { key: 'code', label: 'Code', sortable: true },
        { key: 'symbol', label: 'Symbol' },
        { key: 'value', label: 'Rate', sortable: true },
        { key: 'is_default', label: 'Default', render: (r) => (r.is_default ? <span className="admin-badge admin-badge--success">Default</span> : null) },
      ]}
    />
  );
}

export function FaqScreen() {
  return (
    <CrudScreen
      title="FAQ"
      noun="question"
      path="/faqs"
      record={adminFaqSchema}
      schema={faqBodySchema}
      canDelete
      defaultSort="position"
      defaults={{ question: '', answer: '', position: 0 }}
      fields={[
        { name: 'question', label: 'Question', type: 'text' },
        { name: 'position', label: 'Position', type: 'number' },
        { name: 'answer', label: 'Answer (HTML)', type: 'textarea', hint: 'Scripts, styles and event handlers are removed on save.' },
      ]}
      columns={[
        { key: 'position', label: 'Order', sortable: true },
        { key: 'question', label: 'Question', sortable: true },
        { key: 'answer', label: 'Answer', render: (r) => <span className="admin-code">{r.answer.slice(0, 120)}</span> },
      ]}
    />
  );
}

export function StaticPagesScreen() {
  return (
    <CrudScreen
      title="Static pages"
      noun="page"
      path="/static-pages"
      record={adminStaticPageSchema}
      schema={staticPageBodySchema}
      canDelete
      defaultSort="id"
      defaults={{ slug: '', title: '', content: '', is_terms: false, is_privacy: false, is_buyer_terms: false, is_seller_terms: false, is_cookie: false }}
      fields={[
        { name: 'title', label: 'Title', type: 'text' },
        { name: 'slug', label: 'Slug', type: 'text', hint: 'The page is served at /{slug}' },
        { name: 'is_terms', label: 'Terms of use', type: 'checkbox' },
        { name: 'is_privacy', label: 'Privacy policy', type: 'checkbox' },
        { name: 'is_buyer_terms', label: 'Buyer terms', type: 'checkbox' },
        { name: 'is_seller_terms', label: 'Seller terms', type: 'checkbox' },
        { name: 'is_cookie', label: 'Cookie policy', type: 'checkbox' },
        { name: 'content', label: 'Content (HTML)', type: 'textarea', hint: 'Scripts, styles and event handlers are removed on save.' },
      ]}
      columns={[
        { key: 'id', label: 'ID', sortable: true },
        { key: 'title', label: 'Title', sortable: true },
        {
          key: 'slug',
          label: 'Slug',
          sortable: true,
          render: (r) => (
            <a href={`/${r.slug}`} target="_blank" rel="noreferrer">
              /{r.slug}
            </a>
          ),
        },
        { key: 'updated_at', label: 'Updated', sortable: true },
      ]}
    />
  );
}
