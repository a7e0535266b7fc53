/** Marks index.html's link to the theme's global stylesheet (./theme-css.ts), which the build adds. */
export const THEME_STYLESHEET_ATTRIBUTE = 'data-theme-css'
