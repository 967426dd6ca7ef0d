// The Describe stage lands here.
import ChartpipeCore
