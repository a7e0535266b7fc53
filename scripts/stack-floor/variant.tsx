// The variant VARIANT names (vite.config.mjs points 'floor-variant' at variants/<v>/main.tsx).
import 'floor-variant'
