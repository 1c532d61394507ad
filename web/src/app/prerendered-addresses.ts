/**
 * Shared by the browser app and the route gate (web/src/gate/gate.ts, which the build bundles into
 * index.html with these inlined): the one place that says which addresses show which prerendered screen
 * (docs/decisions/0012-prerendered-home.md).
 */
export const PRERENDERED_ATTR = 'data-prerendered';
/** `#/home` (with a query or anchor), `#/`, `#` or no hash at all. */
export const HOME_HASH = /^(#\/?(home)?([?#].*)?)?$/;
/** `#/login`, with a query or anchor. */
export const LOGIN_HASH = /^#\/login\/?([?#].*)?$/;
export const APP_PATHNAMES: readonly string[] = ['/', '/index.html'];
/** The `<template>` in index.html holding the login screen's main content, which the route gate shows. */
export const LOGIN_TEMPLATE_ID = 'prerendered-login';
