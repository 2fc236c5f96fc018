/** One row per API instance, written by its heartbeat (system.heartbeat.ts). */
export interface InstancesTable {
  /** Random per process start: a restarted process is a new instance. */
  id: string;
  hostname: string;
  pid: number;
  version: string;
  started_at: string;
  last_seen: string;
}

/** Facts an operator records (the last backup), by name. */
export interface SystemMarksTable {
  name: string;
  at: string;
  note: string | null;
  recorded_by: string;
  updated_at: string;
}
