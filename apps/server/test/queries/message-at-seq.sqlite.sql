insert into "messages" ("topic_id", "sender_id", "sender_kind", "content", "cost", "look", "client_id", "created_at", "seq") values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning *
