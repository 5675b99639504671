// Types of format.js for the TypeScript side (the unit tests); the page itself loads the .js.
export declare const ICONS: Record<string, string>;
export declare function splitIcons(text: string): (string | { icon: string; alt: string })[];
export declare function needSeconds(times: number[]): Set<number>;
export declare function clockText(ms: number, seconds: boolean): string;
export declare const REFUSED_SHOWN: number;
export declare function foldAnswer(text: string, summary: { accepted: number; refused: number }): { head: string; refused: string[]; more: number };
export declare function tooLongText(length: number, max: number): string;
