import { defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react'
import {
  alertSlotRecipe,
  avatarSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  dataListSlotRecipe,
  datePickerSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  selectSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme'
import { animationStyles, globalCss, layerStyles, textStyles } from './theme/styles'
import { breakpoints, keyframes, semanticTokens, tokens } from './theme/tokens'

/**
 * Chakra's base config with the app's copy of its default theme (./theme/: the palettes and scales
 * the app uses, global CSS, text, layer and animation styles) and the recipes of only the
 * components the app uses, instead of `defaultConfig`, which holds a recipe for each of Chakra's
 * ~80 components and put them all into the first load (see docs/performance.md). Recipes are
 * imported one by one: '@chakra-ui/react/theme' is their only entry, and a single recipe brings
 * nothing else, whereas its `tokens`, `semanticTokens` or `breakpoints` bring parts of the whole
 * default config (theme-recipes.test.ts keeps it so).
 * Using a component not listed here renders it unstyled: add its recipe (the `key` in
 * node_modules/@chakra-ui/react/dist/esm/components/<name>) when you start using it. Components
 * without a recipe (Box, Flex, Stack, Grid, Text, Group, Portal, Image, ...) need nothing.
 */
export const appBaseConfig = mergeConfigs(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix: 'chakra',
    cssVarsRoot: ':where(html, .chakra-theme)',
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens,
      semanticTokens,
      textStyles,
      layerStyles,
      animationStyles,
      recipes: {
        badge: badgeRecipe,
        // Button, IconButton and CloseButton.
        button: buttonRecipe,
        container: containerRecipe,
        heading: headingRecipe,
        icon: iconRecipe,
        input: inputRecipe,
        link: linkRecipe,
        separator: separatorRecipe,
        skeleton: skeletonRecipe,
        spinner: spinnerRecipe,
        textarea: textareaRecipe,
      },
      slotRecipes: {
        alert: alertSlotRecipe,
        avatar: avatarSlotRecipe,
        card: cardSlotRecipe,
        checkbox: checkboxSlotRecipe,
        collapsible: collapsibleSlotRecipe,
        dataList: dataListSlotRecipe,
        datePicker: datePickerSlotRecipe,
        dialog: dialogSlotRecipe,
        drawer: drawerSlotRecipe,
        field: fieldSlotRecipe,
        list: listSlotRecipe,
        menu: menuSlotRecipe,
        popover: popoverSlotRecipe,
        nativeSelect: nativeSelectSlotRecipe,
        progress: progressSlotRecipe,
        select: selectSlotRecipe,
        stat: statSlotRecipe,
        table: tableSlotRecipe,
        tabs: tabsSlotRecipe,
        toast: toastSlotRecipe,
      },
    },
  }),
)
