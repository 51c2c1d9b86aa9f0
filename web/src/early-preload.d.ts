/** Built by web/build/early-script.ts: the addresses of the workspace page's code, for the early script to ask for. */
declare module 'virtual:apiloom-early-preload' {
  const hrefs: string[];
  export default hrefs;
}
