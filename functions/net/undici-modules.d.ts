// undici's own modules, which carry no type declarations of their own: typed in undici-core.ts from undici's index types.
declare module 'undici/lib/dispatcher/agent.js';
declare module 'undici/lib/core/connect.js';
declare module 'undici/lib/api/api-request.js';
