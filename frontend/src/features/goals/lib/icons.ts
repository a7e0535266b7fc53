import {
  Baby,
  Bike,
  Briefcase,
  Camera,
  Car,
  Gem,
  Gift,
  GraduationCap,
  Heart,
  Home,
  Laptop,
  type LucideIcon,
  Music,
  PiggyBank,
  Plane,
  Shield,
  ShoppingBag,
  Smartphone,
  Target,
  Trophy,
  Umbrella,
} from 'lucide-react'

/** The 20 icons a goal may take, by their lucide names as stored, in the picker's order. */
export const GOAL_ICONS: readonly { name: string; label: string; icon: LucideIcon }[] = [
  { name: 'target', label: 'Target', icon: Target },
  { name: 'plane', label: 'Plane', icon: Plane },
  { name: 'shield', label: 'Shield', icon: Shield },
  { name: 'shopping-bag', label: 'Shopping bag', icon: ShoppingBag },
  { name: 'graduation-cap', label: 'Graduation cap', icon: GraduationCap },
  { name: 'home', label: 'Home', icon: Home },
  { name: 'car', label: 'Car', icon: Car },
  { name: 'piggy-bank', label: 'Piggy bank', icon: PiggyBank },
  { name: 'gift', label: 'Gift', icon: Gift },
  { name: 'heart', label: 'Heart', icon: Heart },
  { name: 'briefcase', label: 'Briefcase', icon: Briefcase },
  { name: 'baby', label: 'Baby', icon: Baby },
  { name: 'laptop', label: 'Laptop', icon: Laptop },
  { name: 'smartphone', label: 'Smartphone', icon: Smartphone },
  { name: 'bike', label: 'Bike', icon: Bike },
  { name: 'music', label: 'Music', icon: Music },
  { name: 'camera', label: 'Camera', icon: Camera },
  { name: 'gem', label: 'Gem', icon: Gem },
  { name: 'umbrella', label: 'Umbrella', icon: Umbrella },
  { name: 'trophy', label: 'Trophy', icon: Trophy },
]

const BY_NAME = new Map(GOAL_ICONS.map((i) => [i.name, i.icon] as const))

/** The icon component of a stored name; the target for an unknown one. */
export function goalIcon(name: string): LucideIcon {
  return BY_NAME.get(name) ?? Target
}
