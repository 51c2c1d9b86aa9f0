/** What the Postman writers' tests use of postman-collection (a dev dependency that ships no types). */
declare module 'postman-collection' {
  interface PropertyList<T> {
    get(key: string): string | undefined;
    idx(index: number): T;
    map<R>(fn: (item: T) => R): R[];
  }
  interface Url {
    path: string[];
    variables: PropertyList<unknown>;
    toString(): string;
    getPath(): string;
  }
  interface Request {
    method: string;
    url: Url;
    headers: PropertyList<unknown>;
    body?: { mode: string; raw?: string };
  }
  interface Response {
    name: string;
    code: number;
    body: string;
  }
  export interface Item {
    name: string;
    request: Request;
    responses: PropertyList<Response>;
  }
  export class Collection {
    constructor(definition: object);
    name: string;
    items: PropertyList<{ name: string }>;
    variables: PropertyList<unknown>;
    forEachItem(fn: (item: Item) => void): void;
  }
  export class VariableScope {
    constructor(definition: object);
    get(key: string): string | undefined;
  }
}
