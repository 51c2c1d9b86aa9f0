import type { Linter } from 'eslint';

export declare const walls: Linter.Config[];
