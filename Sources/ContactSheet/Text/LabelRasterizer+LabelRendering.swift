extension LabelRasterizer: LabelRendering {}
