import { texts, type Persona, type PersonaInput } from '@parley/contracts';
import { type DbOrTrx } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import * as repo from './companion.repository.js';
import { type CompanionPersona } from './companion.provider.js';
import { type CompanionPersonaRow } from './companion.table.js';

/** The companion of a topic without a persona: the default name from settings, the built-in character. */
export const builtInPersona = (name: string): CompanionPersona => ({ id: null, name, systemPrompt: '', model: null, temperature: 0.8, maxTokens: 400 });

const roomsOf = (row: CompanionPersonaRow): number[] | null => (row.room_ids === null ? null : (JSON.parse(row.room_ids) as number[]));

/**
 * The persona a new AI topic takes: an active persona that names the topic's room, else
 * an active persona serving every room (random AI chats have no room), else none.
 */
export async function findPersonaForRoom(db: DbOrTrx, roomId: number | null): Promise<CompanionPersonaRow | undefined> {
  const personas = await repo.listActivePersonas(db);
  return (roomId === null ? undefined : personas.find((p) => roomsOf(p)?.includes(roomId))) ?? personas.find((p) => p.room_ids === null);
}

export async function personaForTopic(db: DbOrTrx, topic: { persona_id: number | null; companion_name: string }): Promise<CompanionPersona> {
  const row = topic.persona_id === null ? undefined : await repo.findPersona(db, topic.persona_id);
  if (!row) return builtInPersona(topic.companion_name);
  return { id: row.id, name: row.name, systemPrompt: row.system_prompt, model: row.model, temperature: row.temperature, maxTokens: row.max_tokens };
}

export function toPersona(row: CompanionPersonaRow): Persona {
  return {
    id: row.id,
    name: row.name,
    avatar_color: row.avatar_color,
    system_prompt: row.system_prompt,
    model: row.model,
    temperature: row.temperature,
    max_tokens: row.max_tokens,
    room_ids: roomsOf(row),
    is_active: row.is_active === 1,
    human_delay: row.human_delay === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const columns = (input: PersonaInput) => ({
  name: input.name,
  avatar_color: input.avatar_color,
  system_prompt: input.system_prompt,
  model: input.model || null,
  temperature: input.temperature,
  max_tokens: input.max_tokens,
  room_ids: input.room_ids === null ? null : JSON.stringify([...new Set(input.room_ids)]),
  is_active: input.is_active ? 1 : 0,
  human_delay: input.human_delay ? 1 : 0,
});

export async function listPersonas(db: DbOrTrx): Promise<Persona[]> {
  return (await repo.listPersonas(db)).map(toPersona);
}

export async function createPersona(db: DbOrTrx, clock: Clock, input: PersonaInput): Promise<Persona> {
  const now = clock.now().toISOString();
  return toPersona(await repo.insertPersona(db, { ...columns(input), created_at: now, updated_at: now }));
}

/** Existing topics keep the persona they started with; a change applies to their next replies. */
export async function updatePersona(db: DbOrTrx, clock: Clock, id: number, input: PersonaInput): Promise<Persona> {
  const row = await repo.updatePersona(db, id, { ...columns(input), updated_at: clock.now().toISOString() });
  if (!row) throw new AppError('NOT_FOUND', texts.admin.notFound);
  return toPersona(row);
}

/** Topics of a deleted persona fall back to the built-in companion under the name they know. */
export async function deletePersona(db: DbOrTrx, id: number): Promise<void> {
  if (!(await repo.deletePersona(db, id))) throw new AppError('NOT_FOUND', texts.admin.notFound);
}

export async function getPersona(db: DbOrTrx, id: number): Promise<Persona> {
  const row = await repo.findPersona(db, id);
  if (!row) throw new AppError('NOT_FOUND', texts.admin.notFound);
  return toPersona(row);
}
