import { Alert } from 'antd';
import type { ReactNode } from 'react';
import type { ApiError } from '../lib/api';
import { errorMessage } from '../lib/form';
import { PageLoading } from './page-loading';

/** Loading and failure of a query, then its content. */
export function QueryState({ query, children }: { query: { isPending: boolean; error: ApiError | null }; children: ReactNode }) {
  if (query.error) return <Alert type="error" showIcon title={errorMessage(query.error)} />;
  if (query.isPending) return <PageLoading />;
  return children;
}
