/**
 * Characters of scripts written without spaces (Chinese, Japanese); such text is indexed as
 * single characters and their pairs, and searched by substring. The databases' search
 * functions hold the same class (db/postgres/schema.sql).
 */
export const SPACELESS_SCRIPT_CLASS = '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]';
