import {
  adminBundleSchema,
  adminCurrencySchema,
  adminFaqSchema,
  adminLanguageSchema,
  adminPageOf,
  adminProductSchema,
  adminRoomSchema,
  adminSocialLinkSchema,
  adminStaticPageSchema,
  envelopeSchema,
  crisisPageSlug,
  bundleBodySchema,
  currencyBodySchema,
  faqBodySchema,
  languageBodySchema,
  productBodySchema,
  roomBodySchema,
  socialLinkBodySchema,
  staticPageBodySchema,
  texts,
  type AdminListQuery,
} from '@parley/contracts';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError, validationError } from '../../lib/app-error.js';
import { sanitizeRichHtml } from '../../lib/html.js';
import { type AdminActor, audited } from './admin-audit.js';
import { paginate } from './admin-list.js';
import * as repo from './admin-catalog.repository.js';
import { type CatalogTable } from './admin-catalog.repository.js';

type Values = Record<string, string | number | null>;

/** How one admin-edited record type maps between the API and its table. */
export interface CatalogEntity {
  /** Audit subject type and route segment. */
  name: string;
  path: string;
  table: CatalogTable;
  body: z.ZodType<Record<string, unknown>>;
  search: string;
  sortable: Record<string, string>;
  canDelete: boolean;
  /** Body → columns; sanitizes HTML and turns booleans into 0/1 flags. */
  toRow(body: Record<string, unknown>, now: string, creating: boolean): Values;
  /** The field a unique-constraint clash is reported on. */
  uniqueField?: string;
  hasDefault?: boolean;
  positioned?: 'rooms';
  /** Slugs the app links to (the crisis page, issue 36 §1): such a row keeps its slug and cannot be deleted. */
  reservedSlugs?: readonly string[];
  /** What its routes answer: a page of records, one record, nothing (a delete). Built once, so compiled once. */
  responses: CatalogResponses;
}

type CatalogResponses = ReturnType<typeof catalogResponses>;
/** The answers of one record type's routes; the record schema is the API shape of its row (flags as booleans). */
function catalogResponses(record: z.ZodObject) {
  const one = record as z.ZodType<Record<string, unknown>>;
  return { page: envelopeSchema(adminPageOf(one)), record: envelopeSchema(one), deleted: envelopeSchema(z.null()) };
}

const reservedSlugOf = (entity: CatalogEntity, row: object) => {
  const slug = (row as Record<string, unknown>).slug;
  return typeof slug === 'string' && entity.reservedSlugs?.includes(slug) ? slug : null;
};

const flagged = (body: Record<string, unknown>): Values =>
  Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? 1 : 0) : (v as string | number | null)]));

export const catalogEntities: CatalogEntity[] = [
  {
    name: 'room',
    responses: catalogResponses(adminRoomSchema),
    path: 'rooms',
    table: 'rooms',
    body: roomBodySchema,
    search: 'title',
    canDelete: false,
    positioned: 'rooms',
    sortable: { position: 'position', id: 'id', title: 'title', created_at: 'created_at' },
    toRow: (b, now, creating) => ({ ...flagged(b), ...(creating ? { created_at: now } : {}) }),
  },
  {
    name: 'bundle',
    responses: catalogResponses(adminBundleSchema),
    path: 'bundles',
    table: 'bundles',
    body: bundleBodySchema,
    search: 'description',
    canDelete: true,
    sortable: { position: 'position', id: 'id', price_cents: 'price_cents', points: 'points' },
    toRow: (b) => flagged(b),
  },
  {
    name: 'currency',
    responses: catalogResponses(adminCurrencySchema),
    path: 'currencies',
    table: 'currencies',
    body: currencyBodySchema,
    search: 'code',
    canDelete: true,
    uniqueField: 'code',
    hasDefault: true,
    sortable: { code: 'code', id: 'id', value: 'value' },
    toRow: (b) => flagged(b),
  },
  {
    name: 'social_link',
    responses: catalogResponses(adminSocialLinkSchema),
    path: 'social-links',
    table: 'social_links',
    body: socialLinkBodySchema,
    search: 'title',
    canDelete: true,
    sortable: { position: 'position', id: 'id', title: 'title' },
    toRow: (b) => flagged(b),
  },
  {
    name: 'faq',
    responses: catalogResponses(adminFaqSchema),
    path: 'faqs',
    table: 'faqs',
    body: faqBodySchema,
    search: 'question',
    canDelete: true,
    sortable: { position: 'position', id: 'id', question: 'question' },
    toRow: (b) => ({ ...flagged(b), answer: sanitizeRichHtml(String(b.answer)) }),
  },
  {
    name: 'static_page',
    responses: catalogResponses(adminStaticPageSchema),
    path: 'static-pages',
    table: 'static_pages',
    body: staticPageBodySchema,
    search: 'title',
    canDelete: true,
    uniqueField: 'slug',
    reservedSlugs: [crisisPageSlug],
    sortable: { id: 'id', slug: 'slug', title: 'title', updated_at: 'updated_at' },
    toRow: (b, now, creating) => ({ ...flagged(b), content: sanitizeRichHtml(String(b.content)), updated_at: now, ...(creating ? { created_at: now } : {}) }),
  },
  {
    name: 'language',
    responses: catalogResponses(adminLanguageSchema),
    path: 'languages',
    table: 'languages',
    body: languageBodySchema,
    search: 'title',
    canDelete: true,
    uniqueField: 'code',
    hasDefault: true,
    sortable: { id: 'id', code: 'code', title: 'title' },
    toRow: (b) => flagged(b),
  },
  {
    // Products are referenced by orders: deactivate instead of deleting.
    name: 'product',
    responses: catalogResponses(adminProductSchema),
    path: 'products',
    table: 'products',
    body: productBodySchema,
    search: 'name',
    canDelete: false,
    uniqueField: 'look',
    sortable: { position: 'position', id: 'id', name: 'name', price_cents: 'price_cents', kind: 'kind' },
    toRow: (b, now, creating) => ({ ...flagged(b), updated_at: now, ...(creating ? { created_at: now } : {}) }),
  },
];

/** Row → API: 0/1 flags become booleans. */
export const toApiRecord = (row: object) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k.startsWith('is_') ? v === 1 || v === true : v]));

const isDefaultRow = (row: object) => (row as Record<string, unknown>).is_default === 1;

async function guardUnique<T>(entity: CatalogEntity, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (entity.uniqueField && isUniqueViolation(error)) {
      throw validationError(
        entity.uniqueField,
        entity.uniqueField === 'slug' ? texts.admin.slugTaken : entity.uniqueField === 'look' ? texts.admin.lookTaken : texts.admin.codeTaken,
      );
    }
    throw error;
  }
}

export async function listRecords(actor: AdminActor, entity: CatalogEntity, query: AdminListQuery) {
  const sort = query.sort ?? Object.keys(entity.sortable)[0];
  const order = query.sort ? query.order : 'asc';
  const page = await paginate(
    actor.db,
    repo.selectCatalogRows(actor.db, entity.table, entity.search, query.q),
    { ...query, sort, order },
    entity.sortable,
    'id',
  );
  return { ...page, items: page.items.map(toApiRecord) };
}

export async function getRecord(actor: AdminActor, entity: CatalogEntity, id: number) {
  const row = await repo.findCatalogRow(actor.db, entity.table, id);
  if (!row) throw new AppError('NOT_FOUND', texts.admin.notFound);
  return toApiRecord(row);
}

export function createRecord(actor: AdminActor, entity: CatalogEntity, body: Record<string, unknown>) {
  const now = actor.clock.now().toISOString();
  return guardUnique(entity, () =>
    audited(actor, `${entity.name}.create`, entity.name, async (trx) => {
      const values = entity.toRow(body, now, true);
      if (entity.positioned) values.position = (await repo.maxPosition(trx, entity.positioned)) + 1;
      const row = await repo.insertCatalogRow(trx, entity.table, values);
      if (entity.hasDefault && values.is_default === 1) await repo.clearDefault(trx, entity.table as 'currencies' | 'languages', row.id);
      const after = toApiRecord(row);
      return { subjectId: row.id, before: null, after, result: after };
    }),
  );
}

export function updateRecord(actor: AdminActor, entity: CatalogEntity, id: number, body: Record<string, unknown>) {
  const now = actor.clock.now().toISOString();
  return guardUnique(entity, () =>
    audited(actor, `${entity.name}.update`, entity.name, async (trx) => {
      const before = await repo.findCatalogRow(trx, entity.table, id);
      if (!before) throw new AppError('NOT_FOUND', texts.admin.notFound);
      const values = entity.toRow(body, now, false);
      const reserved = reservedSlugOf(entity, before);
      if (reserved !== null && values.slug !== undefined && values.slug !== reserved)
        throw validationError('slug', 'This page is linked from the app: its slug stays.');
      if (entity.hasDefault && values.is_default === 0 && isDefaultRow(before)) {
        throw validationError('is_default', texts.admin.lastDefault);
      }
      const row = (await repo.updateCatalogRow(trx, entity.table, id, values))!;
      if (entity.hasDefault && values.is_default === 1) await repo.clearDefault(trx, entity.table as 'currencies' | 'languages', id);
      const after = toApiRecord(row);
      return { subjectId: id, before: toApiRecord(before), after, result: after };
    }),
  );
}

export function deleteRecord(actor: AdminActor, entity: CatalogEntity, id: number) {
  return audited(actor, `${entity.name}.delete`, entity.name, async (trx) => {
    const before = await repo.findCatalogRow(trx, entity.table, id);
    if (!before) throw new AppError('NOT_FOUND', texts.admin.notFound);
    if (entity.hasDefault && isDefaultRow(before)) throw new AppError('CONFLICT', texts.admin.lastDefault);
    if (reservedSlugOf(entity, before) !== null) throw new AppError('CONFLICT', 'This page is linked from the app and cannot be deleted. Edit it instead.');
    await repo.deleteCatalogRow(trx, entity.table, id);
    return { subjectId: id, before: toApiRecord(before), after: null, result: null };
  });
}

/** Rooms in the given order: positions 0..n-1. */
export function reorderRooms(actor: AdminActor, ids: number[]) {
  return audited(actor, 'room.reorder', 'room', async (trx) => {
    const before = await repo.listRoomOrder(trx);
    const unknown = ids.filter((id) => !before.includes(id));
    if (unknown.length > 0 || new Set(ids).size !== ids.length) throw validationError('ids', 'Send each existing room id once');
    await repo.setPositions(trx, 'rooms', ids);
    return { subjectId: null, before: { order: before }, after: { order: ids }, result: { order: ids } };
  });
}
