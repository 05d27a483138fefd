export declare const GENERATED_PATH: string;
export declare function buildReportScript(): Promise<string>;
