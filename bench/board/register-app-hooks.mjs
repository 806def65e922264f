import { register } from 'node:module';

register('./app-hooks.mjs', import.meta.url);
