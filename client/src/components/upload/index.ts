export { FileDropzone, type FileDropzoneProps, type UploadStatus } from './file-dropzone';
export { ImageUploadField, type ImageUploadFieldProps } from './image-upload-field';
export { uploadFiles, UploadError, type UploadOptions } from './upload-files';
