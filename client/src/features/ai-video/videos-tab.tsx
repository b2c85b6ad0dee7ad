import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Badge, Center, Group, Loader, Modal, Text, Tooltip } from '@mantine/core';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import {
  AI_VIDEO_DELETABLE,
  AI_VIDEO_MESSAGES,
  AI_VIDEO_PREVIEWABLE,
  AI_VIDEO_REFRESH_MS,
  AI_VIDEO_STATUSES,
  AiVideoListQuery,
  type AiVideo,
  type AiVideoStatus,
} from '@app/contract';
import { AreaListPage } from '../../components/area-list-page';
import type { Column, FilterDef } from '../../components/list-kit';
import { formatDay } from '../../components/format';
import { openConfirmModal } from '../../lib/overlay-gate';
import { AI_VIDEO_KEY, useRemoveVideo, useTemplateVideos, useVideoPreview } from './api';

const routeApi = getRouteApi('/admin/tech/ai-video-template/$aiVideoTemplateId/edit');

const filters: FilterDef[] = [
  { key: 'accountName', type: 'search', label: 'Account name', placeholder: 'Search account name' },
  { key: 'status', type: 'select', label: 'Status', options: AI_VIDEO_STATUSES, placeholder: 'Status' },
];

const STATUS_COLORS: Record<AiVideoStatus, string> = {
  idle: 'gray',
  generating: 'blue',
  generated: 'green',
  'failed to generate': 'red',
  rejected: 'orange',
  deleting: 'gray',
  deleted: 'dark',
  'failed to delete': 'red',
};

function PreviewDialog({ video, onClose }: { video: AiVideo | null; onClose: () => void }) {
  const preview = useVideoPreview(video?.id ?? null);
  const url = preview.data?.status === 200 ? preview.data.body.videoUrl : null;
  return (
    <Modal opened={video !== null} onClose={onClose} title={video?.name ?? 'Preview'} size="lg" centered>
      {preview.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      ) : url ? (
        <video
          src={url}
          controls
          style={{ width: '100%', maxHeight: '70vh' }}
          aria-label={`Video ${video?.name ?? ''}`}
          poster={video?.thumbnailUrl ?? undefined}
        />
      ) : (
        <Text size="sm" c="red" role="alert">
          {AI_VIDEO_MESSAGES.noVideoUrl}
        </Text>
      )}
    </Modal>
  );
}

function columns(actions: { preview: (v: AiVideo) => void; remove: (v: AiVideo) => void }): Column<AiVideo>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (v) => (
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'break-word' }}>
            {v.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
            {v.account.name}
          </Text>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      primary: true,
      sortField: 'status',
      render: (v) => (
        <div>
          <Badge variant="light" color={STATUS_COLORS[v.status]}>
            {v.status}
          </Badge>
          {v.emptyMessage && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
              {v.emptyMessage}
            </Text>
          )}
        </div>
      ),
    },
    { key: 'email', header: 'Email', visibleFrom: 'md', render: (v) => <Text size="sm">{v.account.email}</Text> },
    {
      key: 'createdAt',
      header: 'Created',
      sortField: 'createdAt',
      visibleFrom: 'sm',
      render: (v) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDay(v.createdAt)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (v) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {AI_VIDEO_PREVIEWABLE.includes(v.status) && (
            <Tooltip label="Preview">
              <ActionIcon variant="subtle" aria-label={`Preview ${v.name}`} onClick={() => actions.preview(v)}>
                <IconPlayerPlay size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {AI_VIDEO_DELETABLE.includes(v.status) && (
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${v.name}`}
                onClick={() => actions.remove(v)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];
}

/**
 * The Videos tab: the template's videos with filters accountName and status, a preview dialog (generated
 * only) and delete (generated, failed to delete, failed to generate or rejected). With `refresh` in the URL
 * (after a generate) the list reloads once, 5 s later.
 */
export default function VideosTab({ templateId }: { templateId: number }) {
  const search = routeApi.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [previewing, setPreviewing] = useState<AiVideo | null>(null);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: [AI_VIDEO_KEY] });
  const removeVideo = useRemoveVideo(() => void invalidate());
  const useList = useMemo(() => useTemplateVideos(templateId), [templateId]);

  const refresh = search.refresh;
  useEffect(() => {
    if (!refresh) return;
    const timer = setTimeout(() => {
      void invalidate();
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => ({ ...prev, refresh: undefined }),
        replace: true,
      });
    }, AI_VIDEO_REFRESH_MS);
    return () => clearTimeout(timer);
    // Once per generate (the refresh value), whatever else re-renders.
  }, [refresh]);

  const actions = {
    preview: setPreviewing,
    remove: (v: AiVideo) =>
      openConfirmModal({
        title: 'Delete AI Video',
        children: (
          <Text size="sm">
            Are you sure you want to delete the video <b>{v.name}</b>, here and at the video provider? This action
            cannot be undone.
          </Text>
        ),
        labels: { confirm: 'Delete', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () => removeVideo.mutate({ params: { id: v.id } }),
      }),
  };

  return (
    <>
      <AreaListPage
        title="Videos"
        search={search}
        area={{ listQuery: AiVideoListQuery, useList }}
        columns={columns(actions)}
        filters={filters}
      />
      <PreviewDialog video={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
