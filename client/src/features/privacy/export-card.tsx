import { useState } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { IconDownload, IconFileExport } from '@tabler/icons-react';
import { useMay } from '../../api/permissions';
import { downloadHref, privacyRoutes, useExport, useStartExport } from './api';
import { RequestStatus } from './request-status';
import { PrivacyCard } from './privacy-card';

/** Right of access: a zip of everything held about the person, built by a job, downloadable once within 7 days. */
export function ExportCard({ email }: { email: string }) {
  const may = useMay('export', privacyRoutes.createExport);
  const [id, setId] = useState<number>();
  const start = useStartExport();
  const request = useExport(id)?.data?.body;
  return (
    <PrivacyCard
      title="Export (right of access)"
      description="A zip with a JSON file per area and a README saying what each field is. It can be downloaded once, within 7 days."
      error={start.error}
    >
      {request && <RequestStatus label="Export" request={request} />}
      <Group gap="sm">
        <Button
          leftSection={<IconFileExport size={16} />}
          variant="light"
          disabled={!may}
          loading={start.isPending}
          onClick={() => start.mutate({ body: { email } }, { onSuccess: (res) => setId(res.body.id) })}
        >
          Export data
        </Button>
        {request?.status === 'Done' && !request.downloadedAt && (
          <Anchor href={downloadHref(request.id)} download size="sm">
            <Group gap={4}>
              <IconDownload size={16} />
              Download zip
            </Group>
          </Anchor>
        )}
      </Group>
    </PrivacyCard>
  );
}
