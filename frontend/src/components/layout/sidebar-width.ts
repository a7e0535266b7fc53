/** Spec: the sidebar is 280 px wide and permanent from the medium breakpoint up. */
export const SIDEBAR_WIDTH = '280px'
