update "topics" set "last_seq" = last_seq + 1, "updated_at" = ? where "id" = ? returning "last_seq"
