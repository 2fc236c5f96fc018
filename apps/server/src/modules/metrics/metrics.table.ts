/** A lease one instance holds at a time (migration 0170): `holder` until `expires_at`. */
export interface ClusterLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}
