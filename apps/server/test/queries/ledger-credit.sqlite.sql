update "users" set "balance" = balance + ?, "promo_balance" = promo_balance + ?, "promo_moved" = ? where "id" = ? returning "balance", "promo_moved"
