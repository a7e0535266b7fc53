import {
  Badge,
  Box,
  Card,
  Flex,
  Heading,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import { Pencil, Plus, Tags, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { CategoryIcon } from '@/components/category-icon'
import { LoadError } from '@/components/load-error'
import { usePageTitle } from '@/components/use-page-title'
import { CardGridSkeleton, EmptyState } from '@/components/page-layout'
import { ReadOnlyHint, WriteButton, WriteIconButton } from '@/components/write-access'
import type { Category } from '@/lib/api/types'
import { CATEGORIES_FALLBACK_ERROR, useCategories } from '@/lib/ledger/get-categories'
import { CategoryDialog } from './category-dialog'
import { DeleteCategoryDialog } from './delete-category-dialog'

type OpenDialog = { kind: 'add' } | { kind: 'edit'; category: Category } | null

/** /categories: default and custom categories, with add, edit and delete. */
export function CategoriesPage() {
  usePageTitle('Categories')
  const categories = useCategories()
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const [toDelete, setToDelete] = useState<Category | null>(null)

  const list = categories.data ?? []
  const defaults = list.filter((c) => c.isDefault)
  const custom = list.filter((c) => !c.isDefault)

  const grid = (items: Category[]) => (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
      {items.map((category) => (
        <CategoryCard
          key={category._id}
          category={category}
          onEdit={() => setDialog({ kind: 'edit', category })}
          onDelete={() => setToDelete(category)}
        />
      ))}
    </SimpleGrid>
  )

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Flex align="center" justify="space-between" gap="3">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Categories
        </Heading>
        <WriteButton colorPalette="teal" size={{ base: 'sm', md: 'md' }} onClick={() => setDialog({ kind: 'add' })}>
          <Plus aria-hidden="true" />
          Add Category
        </WriteButton>
      </Flex>
      <ReadOnlyHint />

      <LoadError sources={[{ query: categories, fallback: CATEGORIES_FALLBACK_ERROR }]} />

      {categories.isPending ? (
        <CardGridSkeleton label="Loading categories" count={6} height="24" gap="3" />
      ) : categories.isSuccess && list.length === 0 ? (
        <EmptyState icon={Tags} title="No categories yet" p="10">
          <WriteButton colorPalette="teal" onClick={() => setDialog({ kind: 'add' })}>
            <Plus aria-hidden="true" />
            Create First Category
          </WriteButton>
        </EmptyState>
      ) : categories.isSuccess ? (
        <>
          <Stack as="section" gap="3" aria-labelledby="default-categories">
            <Heading as="h2" size="md" id="default-categories">
              Default Categories ({defaults.length})
            </Heading>
            {grid(defaults)}
          </Stack>
          <Stack as="section" gap="3" aria-labelledby="custom-categories">
            <Heading as="h2" size="md" id="custom-categories">
              Custom Categories ({custom.length})
            </Heading>
            {custom.length > 0 ? (
              grid(custom)
            ) : (
              <Text color="fg.muted" fontSize="sm">
                Categories you create appear here.
              </Text>
            )}
          </Stack>
        </>
      ) : null}

      <CategoryDialog
        open={dialog !== null}
        category={dialog?.kind === 'edit' ? dialog.category : null}
        onClose={() => setDialog(null)}
      />
      <DeleteCategoryDialog category={toDelete} onClose={() => setToDelete(null)} />
    </Stack>
  )
}

type CategoryCardProps = {
  category: Category
  onEdit: () => void
  onDelete: () => void
}

function CategoryCard({ category, onEdit, onDelete }: CategoryCardProps) {
  const count = category.transactionCount ?? 0
  // Delete is disabled for a default category that is in use.
  const deleteDisabled = category.isDefault && count > 0
  return (
    <Card.Root variant="outline" bg="bg" size="sm" data-testid="category-card">
      <Card.Body>
        <Flex gap="3" align="flex-start">
          <CategoryIcon icon={category.icon} color={category.color} />
          <Box flex="1" minW="0">
            <Text as="h3" fontWeight="semibold" wordBreak="break-word">
              {category.name}
            </Text>
            {category.description ? (
              <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                {category.description}
              </Text>
            ) : null}
            <Flex gap="2" align="center" mt="1.5" wrap="wrap">
              {category.type === 'income' ? (
                <Badge size="sm" colorPalette="green">
                  Income
                </Badge>
              ) : null}
              {category.isDefault ? (
                <Badge size="sm" colorPalette="gray">
                  Default
                </Badge>
              ) : null}
              <Text fontSize="xs" color="fg.subtle">
                {count} {count === 1 ? 'transaction' : 'transactions'}
              </Text>
            </Flex>
          </Box>
          <Flex flexShrink={0} gap="0">
            <WriteIconButton aria-label={`Edit ${category.name}`} variant="ghost" size="sm" onClick={onEdit}>
              <Pencil />
            </WriteIconButton>
            <WriteIconButton
              aria-label={`Delete ${category.name}`}
              variant="ghost"
              size="sm"
              colorPalette="red"
              onClick={onDelete}
              disabled={deleteDisabled}
              title={deleteDisabled ? 'A default category in use cannot be deleted' : undefined}
            >
              <Trash2 />
            </WriteIconButton>
          </Flex>
        </Flex>
      </Card.Body>
    </Card.Root>
  )
}
