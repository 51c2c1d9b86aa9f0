/**
 * What a name may contain. Control characters (NUL, line breaks, escape sequences) and lone UTF-16 surrogates
 * break the places names go (headers, file names, logs, JSON encoders in other languages); bidirectional
 * overrides make a name read differently from what it is (`invoice\u202egnp.exe` shows as `invoiceexe.png`).
 */
import type * as z from 'zod';
import { vKey } from './messages';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Bidi embeddings, overrides and isolates, and the implicit marks. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const HAS_BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Zero-width characters and white space: a name made only of these shows as nothing (or as a blank). */
const INVISIBLE_ONLY = /^[\s\u200b-\u200d\u2060\ufeff]*$/;

/** True when a name holds no control character and no lone surrogate. */
const isPlainText = (value: string) => !CONTROL.test(value) && !LONE_SURROGATE.test(value);

export const stripBidiControls = (value: string) => value.replace(BIDI_CONTROLS, '');

/**
 * Text that goes where names go but is not a name (a file's name, a comment): refused when it holds a control
 * character or a lone surrogate.
 */
export const plainText = <S extends z.ZodString>(schema: S) => schema.refine(isPlainText, { error: vKey('plainText') });

/**
 * A name field (project, team, document, nickname, user group, folder, share): refused, each with a clear message,
 * when it holds a control character or a lone surrogate, a bidirectional control, or only invisible characters.
 */
export const plainName = <S extends z.ZodString>(schema: S) =>
  plainText(schema)
    .refine((value) => !HAS_BIDI_CONTROL.test(value), { error: vKey('bidiText') })
    .refine((value) => value === '' || !INVISIBLE_ONLY.test(value), { error: vKey('invisibleName') });
