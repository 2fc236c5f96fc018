import { type Generated, type Selectable } from 'kysely';

export type ContentRuleKind = 'word' | 'regex';
export type ContentRuleAction = 'refuse' | 'mask' | 'hold';

/** An admin's content rule (issue 15, migration 0120). */
export interface ContentRulesTable {
  id: Generated<number>;
  kind: ContentRuleKind;
  pattern: string;
  action: ContentRuleAction;
  is_active: Generated<number>;
  created_at: string;
  updated_at: string;
}
export type ContentRuleRow = Selectable<ContentRulesTable>;
