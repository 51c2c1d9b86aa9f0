/**
 * The answers a route table entry composes from shared/schemas, built on first use like the schemas themselves
 * (shared/lazy.ts): no function ever parses a response, so in a Lambda these are never built at all.
 */
import * as z from 'zod';
import { lazy } from '../lazy';

/** `data: null`. */
export const nothing = lazy(() => z.null());
export const listOf = <S extends z.ZodType>(item: S) => lazy(() => z.array(item));
export const orNull = <S extends z.ZodType>(schema: S) => lazy(() => schema.nullable());
