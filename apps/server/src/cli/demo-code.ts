import { generate } from 'otplib';
import { DEMO_ADMIN_TOTP_SECRET } from '../modules/reference/seed-content.js';

/** `npm run demo:code`: the demo admin's current two-factor code (the seed's README key), for trying Parley without an authenticator app. */
console.log(await generate({ secret: DEMO_ADMIN_TOTP_SECRET }));
