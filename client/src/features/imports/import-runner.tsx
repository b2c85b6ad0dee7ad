import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconDatabaseImport, IconDownload, IconFlask } from '@tabler/icons-react';
import { IMPORT_KINDS, type ImportDetail, type ImportKind, type ImportPreview, type UploadedFile } from '@app/contract';
import { errorMessage } from '../../api/errors';
import { FileDropzone } from '../../components/upload';
import { ProgressCell } from '../../components/progress-cell';
import { isRunning, rejectedHref, useImport, usePreview, useStartImport } from './api';
import { ImportCounts, ImportStatusBadge, KIND_LABELS } from './format';

/** Spec 01's legacy ids are numbers: say so before a file of `L-1001`s is rejected row by row. */
export const LEGACY_ID_HINT =
  'Legacy ids are whole numbers (1001, not L-1001); a row with any other value is rejected.';
export const IGNORED_HINT = 'No field has these names: their values are not imported.';
export const NOTHING_TO_IMPORT = 'The dry run found nothing to create or update: there is nothing to import.';

/** The columns the file's header names, the header cells it ignores, and the columns the kind needs but the file lacks. */
function RecognisedColumns({ preview }: { preview: ImportPreview }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Columns recognised
      </Text>
      <Group gap={6}>
        {preview.columns.map((c) => (
          <Badge
            key={c.header}
            variant="light"
            tt="none"
            title={c.header === c.label ? undefined : `"${c.header}" is read as ${c.label}`}
          >
            {c.header === c.label ? c.label : `${c.header} → ${c.label}`}
          </Badge>
        ))}
      </Group>
      {preview.ignored.length > 0 && (
        <>
          <Text size="sm" fw={500} mt={4}>
            Columns ignored
          </Text>
          <Group gap={6}>
            {preview.ignored.map((header, i) => (
              <Badge key={`${i}-${header}`} variant="outline" color="gray" tt="none">
                {header}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {IGNORED_HINT}
          </Text>
        </>
      )}
      {preview.columns.some((c) => c.field && /legacyId$/i.test(c.field)) && (
        <Text size="xs" c="dimmed">
          {LEGACY_ID_HINT}
        </Text>
      )}
      {preview.missing.length > 0 && (
        <Alert color="red" variant="light" title="Columns missing">
          The file needs {preview.missing.join(', ')}.
        </Alert>
      )}
    </Stack>
  );
}

/** The outcome of a run: progress while it runs, then the counts and the first rejected rows. */
export function RunOutcome({ run }: { run: ImportDetail }) {
  if (isRunning(run)) {
    return (
      <ProgressCell
        done={run.countProcessed}
        total={run.countRows}
        label={run.dryRun ? 'Dry run' : 'Import'}
        waiting="Reading file…"
      />
    );
  }
  if (run.status === 'Failed') {
    return (
      <Alert color="red" variant="light" title={run.dryRun ? 'The dry run failed' : 'The import failed'}>
        {run.statusReason}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <ImportStatusBadge value={run} />
        <Text size="sm">{run.dryRun ? 'A real run would give:' : 'Imported:'}</Text>
        <ImportCounts value={run} />
      </Group>
      {run.firstRejected.length > 0 && (
        <>
          <Table withTableBorder verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th visibleFrom="sm">Values</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {run.firstRejected.map((r) => (
                <Table.Tr key={r.rowNumber}>
                  <Table.Td>{r.rowNumber}</Table.Td>
                  <Table.Td>{r.reason}</Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {run.columns
                        .map((c) => r.values[c.header])
                        .filter(Boolean)
                        .join(', ')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Anchor href={rejectedHref(run.id)} size="sm">
            <Group gap={4} component="span">
              <IconDownload size={14} /> Download all {run.countRejected} rejected rows (CSV)
            </Group>
          </Anchor>
        </>
      )}
    </Stack>
  );
}

/**
 * Choose a kind, drop a file, see the columns recognised, run the dry run, then the real run. Each run
 * is an import of its own (its progress and outcome are re-read until it ends).
 */
export function ImportRunner() {
  const [kind, setKind] = useState<ImportKind>('accounts');
  const [file, setFile] = useState<UploadedFile>();
  const [dryRunId, setDryRunId] = useState<number>();
  const [runId, setRunId] = useState<number>();
  const preview = usePreview();
  const startDry = useStartImport(true);
  const startReal = useStartImport(false);
  const dry = useImport(dryRunId).data;
  const real = useImport(runId).data;
  const dryBody = dry?.status === 200 ? dry.body : undefined;
  const realBody = real?.status === 200 ? real.body : undefined;
  const previewed = preview.data?.status === 200 ? preview.data.body : undefined;

  const reset = () => {
    setDryRunId(undefined);
    setRunId(undefined);
  };
  const check = (nextKind: ImportKind, nextFile: UploadedFile | undefined) => {
    reset();
    preview.reset();
    if (nextFile) preview.mutate({ body: { kind: nextKind, fileId: nextFile.id } });
  };
  const start = async (dryRun: boolean) => {
    if (!file) return;
    const res = await (dryRun ? startDry : startReal).mutateAsync({ body: { kind, fileId: file.id, dryRun } });
    if (res.status === 201) (dryRun ? setDryRunId : setRunId)(res.body.id);
  };
  const ready = !!file && !!previewed && previewed.missing.length === 0;
  const dryDone = dryBody?.status === 'Done';
  // Issue 40 §9: a dry run that would write nothing leaves nothing to import.
  const dryWritesNothing = dryDone && dryBody.countCreated + dryBody.countUpdated === 0;

  return (
    <Card withBorder padding="md" mb="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          New import
        </Title>
        <SegmentedControl
          aria-label="What to import"
          value={kind}
          onChange={(value) => {
            setKind(value as ImportKind);
            check(value as ImportKind, file);
          }}
          data={IMPORT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          w="fit-content"
          maw="100%"
        />
        <FileDropzone
          path="private/imports"
          commit={false}
          // Spec 01's upload toast is for files staff keep; this file is only read (its columns show instead).
          notifySuccess={false}
          label="Drop a csv, xlsx or xls file here, or click to choose one"
          onUploaded={([uploaded]) => {
            setFile(uploaded);
            check(kind, uploaded);
          }}
        />
        {file && (
          <Text size="sm">
            File: <b>{file.fileName}</b>
          </Text>
        )}
        {preview.error != null && (
          <Alert color="red" variant="light" title="The file cannot be imported">
            {errorMessage(preview.error)}
          </Alert>
        )}
        {previewed && <RecognisedColumns preview={previewed} />}
        <Group>
          <Button
            variant="light"
            leftSection={<IconFlask size={16} />}
            disabled={!ready || (!!dryBody && isRunning(dryBody))}
            loading={startDry.isPending}
            onClick={() => void start(true)}
          >
            Dry run
          </Button>
          <Button
            leftSection={<IconDatabaseImport size={16} />}
            disabled={!ready || !dryDone || dryWritesNothing || runId !== undefined}
            loading={startReal.isPending}
            onClick={() => void start(false)}
          >
            Import
          </Button>
          {!dryDone && ready && (
            <Text size="xs" c="dimmed">
              The dry run reads and checks every row and writes nothing; the import is offered after it.
            </Text>
          )}
          {dryWritesNothing && runId === undefined && (
            <Text size="xs" c="dimmed">
              {NOTHING_TO_IMPORT}
            </Text>
          )}
        </Group>
        {/* The real run's outcome replaces the dry run's once it starts. */}
        {realBody ? <RunOutcome run={realBody} /> : dryBody && <RunOutcome run={dryBody} />}
      </Stack>
    </Card>
  );
}
